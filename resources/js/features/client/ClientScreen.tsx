export default function ClientScreen() {
  return <main className="kite-screen"><h1>ClientScreen</h1></main>;
}
