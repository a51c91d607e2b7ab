/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PREVIEW_PARAM, RELEASE_BUCKET_COOKIE, RELEASE_PIN_COOKIE, RELEASE_PREVIEW_COOKIE, SESSION_COOKIE } from '@usedcars/shared-contract';
import { RELEASE_BUCKET_HEADER } from './visitor';

/** The shared cache in front (docs/operate-production.md, "The edge") names the render server's cookies and headers again, in VCL. */
const vcl = readFileSync(path.join(__dirname, '../../../../deploy/varnish/default.vcl'), 'utf8');

test("every cookie the edge reads or sets is one the site's code names, and the edge knows them all", () => {
  const read = [...vcl.matchAll(/cookie\.(?:get|isset)\("([^"]+)"\)/g)].map((match) => match[1]);
  const set = [...vcl.matchAll(/Set-Cookie = "([^"=]+)=/g)].map((match) => match[1]);
  expect(new Set([...read, ...set])).toEqual(new Set([SESSION_COOKIE, RELEASE_BUCKET_COOKIE, RELEASE_PIN_COOKIE, RELEASE_PREVIEW_COOKIE]));
  expect(set).toEqual([RELEASE_BUCKET_COOKIE]);
});

test("the bucket header and the preview link's parameter are the code's", () => {
  const headers = new Set([...vcl.matchAll(/\b(?:req|bereq|resp)\.http\.(X-[A-Za-z-]*Bucket[A-Za-z-]*)/g)].map((match) => match[1]!.toLowerCase()));
  expect(headers).toEqual(new Set([RELEASE_BUCKET_HEADER, 'x-new-release-bucket']));
  expect(vcl).toContain(`req.url ~ "[?&]${PREVIEW_PARAM}="`);
});
