/**
 * A value made on its first use, then kept. For Intl formatters above all: the first Intl object a page makes loads
 * the platform's locale and time-zone data (tens of milliseconds on a desktop, four times that on a mid-range phone),
 * so a module that builds one as it loads charges that to every page whose bundle holds it, before the page's first
 * screen, even when the page never formats anything (issue 27, decision 027). The lint forbids `new Intl.…` at a
 * module's top level.
 */
export const onFirstUse = <T>(make: () => T): (() => T) => {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
};
