/** The console's Ant Design theme: its blue and corners (app/antd-frame.tsx, api/static-surfaces.tsx). */
export const ANTD_THEME = { token: { colorPrimary: '#1668dc', borderRadius: 6 } };
