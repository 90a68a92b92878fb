/** Placeholder of the console skeleton (issue 27): the helper building this screen replaces it. */
export default function OperatorsScreen() {
  return <h1>OperatorsScreen</h1>;
}
