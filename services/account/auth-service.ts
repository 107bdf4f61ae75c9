/** The signed-in user, as the product reads it. */
export interface AuthUser {
  readonly id: string;
  readonly email: string | undefined;
}

/** An error the auth provider answered with: GoTrue's message and, when sent, its error code. */
export interface AuthFailure {
  readonly message: string;
  readonly code: string | undefined;
}

export type AuthResult = { readonly user: AuthUser; readonly error?: undefined } | { readonly user?: undefined; readonly error: AuthFailure };

/** Sign-up, sign-in and the session (implementation chosen in the composition root). */
export interface AuthService {
  /**
   * Whether a stored session may exist, answered without loading the auth SDK (so the funnel's first
   * step can ask it for free). False means certainly signed out.
   */
  mayHaveSession(): boolean;
  /** The user of the current session (refreshed first when it expired), or null when signed out. */
  currentUser(): Promise<AuthUser | null>;
  signUp(email: string, password: string, metadata: Readonly<Record<string, string>>): Promise<AuthResult>;
  signIn(email: string, password: string): Promise<AuthResult>;
  /** Ends the session here and on the server; the local session is removed even if the server fails. */
  signOut(): Promise<void>;
  /** Sends the recovery e-mail whose link leads to `redirectTo`. */
  requestPasswordReset(email: string, redirectTo: string): Promise<AuthFailure | undefined>;
  /** Sets a new password for the signed-in (or recovering) user. */
  updatePassword(password: string): Promise<AuthFailure | undefined>;
}
