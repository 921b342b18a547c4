import { Fragment } from 'react';

const MARK = '\u0000';

/**
 * A translated sentence holding the machine's own words (a protocol, a header, a version, a host
 * name), each rendered `translate="no"`: `sentence` is asked for the text with a marker in each
 * value's place, then each marker becomes its value. (Without react-i18next's `Trans`, which would
 * put 4 KB into the console's first load.)
 */
export function MachineWords({
  sentence,
  values,
}: {
  sentence: (markers: Record<string, string>) => string;
  values: Record<string, string>;
}) {
  const markers = Object.fromEntries(Object.keys(values).map((name) => [name, `${MARK}${name}${MARK}`]));
  return (
    <>
      {sentence(markers)
        .split(MARK)
        .map((part, i) => ({ part, value: i % 2 === 1, i }))
        .filter(({ part }) => part !== '')
        .map(({ part, value, i }) =>
          value ? (
            <span key={`value:${i}`} translate="no">
              {values[part] ?? ''}
            </span>
          ) : (
            <Fragment key={`text:${i}`}>{part}</Fragment>
          ),
        )}
    </>
  );
}
