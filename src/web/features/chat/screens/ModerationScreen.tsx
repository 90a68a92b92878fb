/** Placeholder of the console skeleton (issue 27): the helper building this screen replaces it. */
export default function ModerationScreen() {
  return <h1>ModerationScreen</h1>;
}
