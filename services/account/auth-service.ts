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

/**
 * A new account: signed in at once (auto-confirm), or `confirmationPending` when the address must be
 * confirmed through the e-mailed link first (no session until then).
 */
export type SignUpResult =
  | { readonly user: AuthUser; readonly confirmationPending: boolean; readonly error?: undefined }
  | { readonly user?: undefined; readonly confirmationPending?: undefined; readonly error: AuthFailure };

/** Where the confirmation link landed: the page's query string and URL fragment. */
export interface EmailLinkLanding {
  readonly search: string;
  readonly hash: string;
}

/** Sign-up, sign-in and the session (implementation chosen in the composition root). */
export interface AuthService {
  /**
   * Whether a stored session may exist, answered without loading the auth SDK (so the funnel's first
   * step can ask it for free). False means certainly signed out.
   */
  mayHaveSession(): boolean;
  /** The user of the current session (refreshed first when it expired), or null when signed out. */
  currentUser(): Promise<AuthUser | null>;
  /**
   * Creates the account. An address that already has one fails with GoTrue's "User already registered",
   * also when e-mail confirmation hides it behind a look-alike user. `emailRedirectTo` is where the
   * confirmation link leads.
   */
  signUp(
    email: string,
    password: string,
    metadata: Readonly<Record<string, string>>,
    emailRedirectTo: string,
  ): Promise<SignUpResult>;
  /**
   * Turns a followed confirmation link into a session: `?token_hash=...&type=...` (verified here) or the
   * implicit flow's `#access_token=...` fragment (GoTrue's default link); a bad, used or expired link
   * (`#error=...`, or no session) fails.
   */
  confirmEmail(landing: EmailLinkLanding): Promise<AuthResult>;
  signIn(email: string, password: string): Promise<AuthResult>;
  /** Ends the session here and on the server; the local session is removed even if the server fails. */
  signOut(): Promise<void>;
  /** Sends the recovery e-mail whose link leads to `redirectTo`. */
  requestPasswordReset(email: string, redirectTo: string): Promise<AuthFailure | undefined>;
  /** Sets a new password for the signed-in (or recovering) user. */
  updatePassword(password: string): Promise<AuthFailure | undefined>;
}
