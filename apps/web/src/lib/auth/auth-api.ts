import {
  emptyUserInfo,
  type HubLoginResponse,
  type SignUpRequest,
  type UserInfo,
  type ValidateResetGuidResponse,
} from '@hcp/contracts';
import { apiJson, apiText } from '../api-client.ts';

export const userInfoQueryKey = (token: string) => ['userInfo', token] as const;

/** User info failure reads as empty names and an incomplete application (spec 01 section 8). */
export async function fetchUserInfo(): Promise<UserInfo> {
  try {
    return await apiJson<UserInfo>('HcpApiUser/userInfo');
  } catch {
    return emptyUserInfo;
  }
}

export const loginRequest = (username: string, password: string) =>
  apiText('auth/HcpLogin', { form: { username, password }, auth: false });

export const signUpRequest = (body: SignUpRequest) => apiText('auth/HcpSignUp', { json: body, auth: false });

export const refreshTokenRequest = () => apiText('auth/RefreshToken', { method: 'POST' });

export const logoutRequest = () => apiJson<void>('auth/Logout', { method: 'POST' });

export async function hubLoginRequest(userName: string, password: string): Promise<HubLoginResponse> {
  const res = await fetch('/api/home/login/website', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password }),
  });
  if (!res.ok) throw new Error('hub login failed');
  return (await res.json()) as HubLoginResponse;
}

/** Sent without waiting for the answer: the confirmation is always shown (spec 01 section 4). */
export function resetPasswordRequest(webUserName: string): void {
  void apiJson('auth/ResetPasswordRequest', { form: { webUserName }, auth: false }).catch(() => {});
}

export const validateResetGuid = (resetGuid: string) =>
  apiJson<ValidateResetGuidResponse>('auth/ValidateResetGuid', { form: { resetGuid }, auth: false });

export const updatePasswordRequest = (resetGuid: string, newPassword: string) =>
  apiJson<{ success: boolean; message: string }>('auth/UpdateHcpUserPassword', {
    form: { resetGuid, newPassword },
    auth: false,
  });
