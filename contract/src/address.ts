/** A postal address as the site identity holds it. */
export type PostalAddress = { street: string; city: string; postcode: string; country: string };

/**
 * The lines of a postal address, in the one order the pages, mails and receipts all use (so an
 * address never reads one way on the contact page and another on a receipt).
 */
export function addressLines({ street, city, postcode, country }: PostalAddress): string[] {
  return [street, `${city} ${postcode}`, country];
}

/** The address on one line, for a link or a footer. */
export function formatAddress(address: PostalAddress): string {
  return addressLines(address).join(", ");
}
