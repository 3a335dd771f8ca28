type AddressParts = {
  indirizzo?: string | null;
  cap?: string | null;
  comune?: string | null;
  provincia?: string | null;
};

/** @returns whether all four parts of the address are present (what an invoice needs). */
export const isCompleteAddress = (a: AddressParts | null | undefined): boolean =>
  Boolean(a?.indirizzo && a.cap && a.comune && a.provincia);
