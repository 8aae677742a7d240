/**
 * The default `LinkedIn-Version` every /rest call sends (YYYYMM). LinkedIn serves each monthly version for at least
 * a year and then answers 426 ("version sunset"); the `LINKEDIN_API_VERSION` setting overrides it, so a server can
 * move to a newer version without a release. Moving this default is a deliberate change, tested against LinkedIn's
 * release notes.
 */
export const LINKEDIN_API_VERSION = '202607';

/** The name of the setting, for the messages that tell an operator what to change. */
export const LINKEDIN_API_VERSION_SETTING = 'LINKEDIN_API_VERSION';

/** A LinkedIn version: a year and a month, YYYYMM. */
export const LINKEDIN_API_VERSION_PATTERN = /^20\d{2}(0[1-9]|1[0-2])$/;
