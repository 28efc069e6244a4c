import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageText, prefixed, splitLinks } from './text';

describe('message text', () => {
  it('makes only http(s) links clickable and never renders HTML', () => {
    const { container } = render(
      <MessageText
        text={'See https://example.org/a?b=1. <b>bold</b> <img src=x onerror=alert(1)> javascript:alert(1) (https://x.test/y)'}
      />,
    );
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.org/a?b=1', 'https://x.test/y']);
    expect(links.every((a) => a.rel.includes('noopener') && a.target === '_blank')).toBe(true);
    expect(container.querySelector('b, img')).toBeNull();
    expect(container.textContent).toContain('<b>bold</b>');
  });
  it('keeps trailing punctuation out of links', () => {
    expect(splitLinks('go to https://a.test/x).')).toEqual([
      { text: 'go to ' },
      { text: 'https://a.test/x', href: 'https://a.test/x' },
      { text: ').' },
    ]);
  });
  it('prefixes subjects once', () => {
    expect(prefixed('Re', 'Hello')).toBe('Re: Hello');
    expect(prefixed('Re', 're: Hello')).toBe('re: Hello');
    expect(prefixed('Fwd', 'Re: Hello')).toBe('Fwd: Re: Hello');
  });
});
