/** Phones are told apart by their user-agent (spec 3, section 2.4): they get the timesheets' phone layout. */
export function isPhoneUserAgent(userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return /Android|iPhone|iPod|Mobile|Windows Phone/i.test(userAgent);
}
