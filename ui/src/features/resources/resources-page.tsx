export default function ResourcesPage() {
  return (
    <div className="page">
      <h1 className="page-title">Resources</h1>
    </div>
  );
}
