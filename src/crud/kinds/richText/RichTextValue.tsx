import { useMemo } from 'react';
import { plainText } from '../../../schema/richText';
import type { KindValueProps } from '../types';
import { safeRichTextHtml } from './html';
import { useRichTextStyle } from './theme';
import './richText.css';

/** How much of the text a list cell shows before the ellipsis. */
const CELL_CHARACTERS = 80;

/** The first `max` characters of a text (whole code points), cut at a word where one is near. */
function excerpt(text: string, max: number): string {
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  const cut = characters.slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * Rich text as a list cell (its text on one line, cut at about 80 characters, the whole text as
 * a tooltip) or on a show page (the HTML, sanitised again here with the server's allowlist,
 * images of uploads loaded from the API).
 */
export default function RichTextValue({ value, mode }: KindValueProps) {
  const html = typeof value === 'string' ? value : '';
  const style = useRichTextStyle();
  const text = useMemo(() => (mode === 'cell' ? plainText(html) : ''), [html, mode]);
  const safe = useMemo(() => (mode === 'show' ? safeRichTextHtml(html) : ''), [html, mode]);
  if (mode === 'cell') {
    const short = excerpt(text, CELL_CHARACTERS);
    return (
      <span className="stay-ellipsis" title={short === text ? undefined : text}>
        {short}
      </span>
    );
  }
  return <div className="rich-text" style={style} dangerouslySetInnerHTML={{ __html: safe }} />;
}
