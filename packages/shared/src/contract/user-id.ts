/**
 * The user id of a wallet (docs/product.md §3.1): its address with every non-alphanumeric character
 * removed. A module of its own, so the auth store on every page's first load does not bring zod.
 */
export function userIdFromAddress(address: string): string {
  return address.replace(/[^a-zA-Z0-9]/g, '');
}
