/** html-to-pdfmake ships no types: the one call this package makes. */
declare module 'html-to-pdfmake' {
  type Options = {
    window: Window;
    removeExtraBlanks?: boolean;
    imagesByReference?: boolean;
    defaultStyles?: Record<string, Record<string, unknown>>;
  };
  const htmlToPdfmake: (html: string, options: Options) => unknown;
  export default htmlToPdfmake;
}
