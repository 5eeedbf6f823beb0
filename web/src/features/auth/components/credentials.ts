/** The e-mail and password typed into the sign-in or sign-up form, carried into the other when the mode switches. */
export type Credentials = Partial<Record<'username' | 'password', string>>;
