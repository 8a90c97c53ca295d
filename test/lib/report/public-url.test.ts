import { describe, expect, it } from 'vitest';
import { publicUrl } from '../../../lib/report/build-report';

describe('publicUrl', () => {
  it('keeps a URL without credentials, query or fragment exactly as given', () => {
    expect(publicUrl('http://127.0.0.1:4010')).toBe('http://127.0.0.1:4010');
    expect(publicUrl('https://api.example.com/v1/')).toBe('https://api.example.com/v1/');
  });

  it('drops a user name and password', () => {
    expect(publicUrl('https://merchant:s3cret@api.example.com/v1')).toBe('https://api.example.com/v1');
  });

  it('drops a query and a fragment, which may carry a key', () => {
    expect(publicUrl('https://api.example.com/v1?apiKey=s3cret#s3cret')).toBe('https://api.example.com/v1');
  });

  it('leaves no trailing slash where the path was only the root', () => {
    expect(publicUrl('https://user@api.example.com/?token=abc')).toBe('https://api.example.com');
  });

  it('answers null for text that is not a URL, so that the caller never echoes it', () => {
    expect(publicUrl('api.example.com/s3cret')).toBeNull();
  });
});
