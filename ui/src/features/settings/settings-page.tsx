export default function Page() { return <main className="page"><h1 className="page-title">settings</h1></main>; }
