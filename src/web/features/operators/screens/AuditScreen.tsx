/** Placeholder of the console skeleton (issue 27): the helper building this screen replaces it. */
export default function AuditScreen() {
  return <h1>AuditScreen</h1>;
}
