export default function JournalPage() {
  return (
    <div className="page">
      <h1 className="page-title">Journal</h1>
    </div>
  );
}
