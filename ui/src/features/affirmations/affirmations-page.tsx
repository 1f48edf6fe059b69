export default function AffirmationsPage() {
  return (
    <div className="page">
      <h1 className="page-title">Affirmations</h1>
    </div>
  );
}
