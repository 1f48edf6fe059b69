export default function Page() { return <main className="page"><h1 className="page-title">disguise-notes</h1></main>; }
