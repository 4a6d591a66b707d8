import { describe, expect, it } from 'vitest';
import { sanitizeDocumentHtml } from './html-sanitize';

const clean = sanitizeDocumentHtml;

describe('sanitizeDocumentHtml', () => {
  it('keeps the structure a converted document has', () => {
    const html =
      '<h1>Title</h1><p>A <strong>bold</strong> and <em>quiet</em> word.</p><ul><li>One</li></ul><table><tr><td colspan="2">Cell</td></tr></table><p><sup><a href="#doc-footnote-1" id="doc-footnote-ref-1">[1]</a></sup></p>';
    expect(clean(html)).toBe(html.replace('href="#doc-footnote-1" id="doc-footnote-ref-1"', 'id="doc-footnote-ref-1" href="#doc-footnote-1"'));
  });

  it('drops scripts, styles and frames with everything inside them', () => {
    expect(clean('<p>a</p><script>alert(1)</script><style>p{}</style><iframe src="https://x"></iframe><SCRIPT >x</SCRIPT><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(clean('<svg><script>alert(1)</script></svg><p>after</p>')).toBe('<p>after</p>');
  });

  it('drops event handlers, styles and classes from kept tags', () => {
    expect(clean('<p onclick="alert(1)" style="color:red" class="x" onmouseover=alert(2)>t</p>')).toBe('<p>t</p>');
    expect(clean('<p/onload=alert(1)>t</p>')).toBe('<p>t</p>');
  });

  it('keeps only web, e-mail and in-document links', () => {
    expect(clean('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="java&#x0A;script&#58;alert(1)">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href=" &#106;avascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="data:text/html,<script>alert(1)</script>">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="vbscript:x">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="mailto:bridge@ship.example">mail</a>')).toBe(
      '<a href="mailto:bridge@ship.example" target="_blank" rel="noopener noreferrer nofollow">mail</a>',
    );
    expect(clean('<a href="#main">skip</a>')).toBe('<a>skip</a>');
  });

  it('keeps inline images of shown types and drops any image loaded from elsewhere', () => {
    expect(clean('<img src="data:image/png;base64,iVBORw0KGgo=" alt="Deck plan">')).toBe('<img src="data:image/png;base64,iVBORw0KGgo=" alt="Deck plan">');
    expect(clean('<img src="https://tracker.example/pixel.gif">')).toBe('');
    expect(clean('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('');
    expect(clean('<img src="x" onerror="alert(1)">')).toBe('');
  });

  it('keeps ids only with the document prefix, so no element of the app can be shadowed', () => {
    expect(clean('<p id="doc-bookmark">a</p><p id="root">b</p><p id="doc-&quot;x">c</p>')).toBe('<p id="doc-bookmark">a</p><p>b</p><p>c</p>');
  });

  it('turns stray markup into text and drops comments and unknown tags', () => {
    expect(clean('1 < 2 > 0')).toBe('1 &lt; 2 &gt; 0');
    expect(clean('<!-- <script>alert(1)</script> --><p>t</p>')).toBe('<p>t</p>');
    expect(clean('<form action="x"><input value="y"><button>Go</button></form>')).toBe('Go');
    expect(clean('<p title="a>b">t</p>')).toBe('<p>t</p>');
    expect(clean('<base href="https://x/"><meta http-equiv="refresh" content="0;url=https://x"><link rel="stylesheet" href="https://x">')).toBe('');
  });

  it('closes what it opened and ignores closings of what it did not', () => {
    expect(clean('<p><strong>bold</p>')).toBe('<p><strong>bold</strong></p>');
    expect(clean('</li></table><p>a')).toBe('<p>a</p>');
  });
});
