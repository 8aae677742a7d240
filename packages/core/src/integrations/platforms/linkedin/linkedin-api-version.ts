/**
 * The `LinkedIn-Version` every /rest call sends (YYYYMM). LinkedIn serves each monthly version for at least a year
 * and then answers 426; moving to a newer one is a deliberate change, tested against its release notes.
 */
export const LINKEDIN_API_VERSION = '202607';
