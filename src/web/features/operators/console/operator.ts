/** What the sign-in screen reads from the navigation's state: a notice, and where to go back to. */
export interface ConsoleSignInState {
  notice?: string;
  from?: string;
}
