/** Placeholder until this screen lands (issue 14). */
export default function DashboardPage() {
  return <h1>Dashboard</h1>;
}
