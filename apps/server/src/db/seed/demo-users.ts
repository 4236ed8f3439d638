export const DEMO_LOGIN = { email: 'demo.nurse@example.com', password: 'Demo-Travel-2026' } as const;
export const NEW_USER_LOGIN = { email: 'new.nurse@example.com', password: 'Demo-Travel-2026' } as const;
