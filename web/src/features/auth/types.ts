export interface LoginInput {
  username: string;
  password: string;
  rememberMe: boolean;
}

export interface RegisterInput {
  username: string;
  password: string;
}
