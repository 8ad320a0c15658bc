export default function StatusScreen() {
  return <main className="kite-screen"><h1>StatusScreen</h1></main>;
}
