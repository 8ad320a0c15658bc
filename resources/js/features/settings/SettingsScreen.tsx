export default function SettingsScreen() {
  return <main className="kite-screen"><h1>SettingsScreen</h1></main>;
}
