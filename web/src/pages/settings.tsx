/** Placeholder until this screen lands (issue 14). */
export default function SettingsPage() {
  return <h1>Settings</h1>;
}
