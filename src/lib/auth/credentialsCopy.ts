/** What tells the login and the sign-up dialog apart; everything else they share. */
export const credentialsDialogs = {
  login: {
    flow: "signIn",
    title: "Welcome Back!",
    description: "Log in to play today's challenges and keep your score.",
    withUsername: false,
    submitLabel: "Login",
    switchPrompt: "Don't have an account?",
    switchLabel: "Sign up here",
    switchTo: "signUp",
  },
  signUp: {
    flow: "signUp",
    title: "Create Account",
    description: "Sign up to play the daily challenge and climb the leaderboard.",
    withUsername: true,
    submitLabel: "Sign Up",
    switchPrompt: "Already have an account?",
    switchLabel: "Login here",
    switchTo: "login",
  },
} as const;
