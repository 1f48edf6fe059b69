export default function MoodPage() {
  return (
    <div className="page">
      <h1 className="page-title">Mood</h1>
    </div>
  );
}
