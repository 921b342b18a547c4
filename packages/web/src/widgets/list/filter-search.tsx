import { Input } from 'antd';
import { useEffect, useState } from 'react';

/**
 * A search box of a filters bar: typing is local, Enter (or the button) applies it, and it shows the
 * list's search as the address holds it (after a reload, a shared link, Back).
 */
export function FilterSearch({
  value,
  onSearch,
  placeholder,
  testId,
  width = 240,
}: {
  value: string | undefined;
  onSearch: (text: string | undefined) => void;
  placeholder: string;
  testId?: string;
  width?: number;
}) {
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  return (
    <Input.Search
      allowClear
      value={text}
      onChange={(event) => setText(event.target.value)}
      onSearch={(typed) => onSearch(typed.trim() || undefined)}
      placeholder={placeholder}
      data-testid={testId}
      style={{ width }}
    />
  );
}
