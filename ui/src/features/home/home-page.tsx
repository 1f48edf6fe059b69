export default function HomePage() {
  return (
    <div className="page">
      <h1 className="page-title">Home</h1>
    </div>
  );
}
