/**
 * Stands in for antd's one-time-code input (Input.OTP, see vite.config.ts): the dashboard has
 * none, and every form with an antd Input loaded it.
 */
export default function UnusedOTP(): never {
  throw new Error('Input.OTP is stubbed out (vite.config.ts, libraryStubs)');
}
