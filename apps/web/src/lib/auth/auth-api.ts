import { emptyUserInfo, type Campaign, type SignUpRequest, type UserInfo } from '@hcp/contracts';
import * as auth from '@hcp/contracts/routes/auth';
import { userInfo } from '@hcp/contracts/routes/users';
import { call, endpointKey } from '../api-client.ts';

export const userInfoQueryKey = (token: string) => endpointKey(userInfo, token);

/** A failed user info call reads as empty names and an incomplete application, never as an error. */
export async function fetchUserInfo(): Promise<UserInfo> {
  try {
    return await call(userInfo);
  } catch {
    return emptyUserInfo;
  }
}

export const loginRequest = (username: string, password: string) => call(auth.login, { body: { username, password } });

/** Sign-up's body is the specification's; the campaign of the visit travels in the query. */
export const signUpRequest = (body: SignUpRequest, campaign: Campaign = {}) =>
  call(auth.signUp, { body, query: campaign });

export const refreshTokenRequest = () => call(auth.refreshToken);

export const logoutRequest = () => call(auth.logout);

export const hubLoginRequest = (userName: string, password: string) =>
  call(auth.hubLogin, { body: { userName, password } });

/** Sent without waiting for the answer: the confirmation is shown whatever happens, so no address is revealed. */
export function resetPasswordRequest(webUserName: string): void {
  void call(auth.resetPasswordRequest, { body: { webUserName } }).catch(() => {});
}

export const validateResetGuid = (resetGuid: string) => call(auth.validateResetGuid, { body: { resetGuid } });

export const updatePasswordRequest = (resetGuid: string, newPassword: string) =>
  call(auth.updatePassword, { body: { resetGuid, newPassword } });
