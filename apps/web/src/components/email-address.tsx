import { Fragment } from 'react';

/**
 * The pieces of an e-mail address between the points where a line may break: after the "@" and before each
 * dot, the way addresses are broken in print ("mario.rossi@" / "example.it", "massimiliano" / ".dellavalle").
 */
export const emailLineBreakParts = (email: string): string[] => email.split(/(?<=@)|(?=\.)/).filter(Boolean);

/**
 * An e-mail address that wraps, when it must, at those points and not in the middle of a word: a browser finds
 * no place to break an address and either lets it overflow or cuts it anywhere. A piece wider than the whole line
 * still breaks (overflow-wrap), without widening a table column for it (break-word, unlike anywhere, leaves the
 * column's minimum width alone). Copying the text gives the address as it is: <wbr> adds no characters.
 */
export const EmailAddress = ({ email }: { email: string }) => {
  let offset = 0;
  return (
    <span style={{ overflowWrap: 'break-word' }}>
      {emailLineBreakParts(email).map((part, i) => {
        const key = offset;
        offset += part.length;
        return (
          <Fragment key={key}>
            {i > 0 && <wbr />}
            {part}
          </Fragment>
        );
      })}
    </span>
  );
};
