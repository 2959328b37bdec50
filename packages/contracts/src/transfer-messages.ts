/**
 * What a member is told when they name themselves as the recipient of a transfer: the server's
 * refusal and the web form's, as the recipient is typed. It names the section of the Transfers
 * page that does move money between one's own wallets, by its title on screen.
 */
export const OWN_TRANSFER_SECTION = 'Earnings to fund wallet';
export const SELF_TRANSFER_MESSAGE = `You cannot send money to yourself. To move money between your own wallets, use "${OWN_TRANSFER_SECTION}".`;
