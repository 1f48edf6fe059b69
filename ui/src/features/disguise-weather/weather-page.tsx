export default function Page() { return <main className="page"><h1 className="page-title">disguise-weather</h1></main>; }
