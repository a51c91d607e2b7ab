/** One sentence out of a list of validation issues, for a toast or an API `{ message }`. */
export interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

export function describeIssues(issues: readonly IssueLike[]): string {
  const parts = issues.map((issue) => {
    const field = issue.path.map(String).join('.');
    // Our own messages already name the field; zod's defaults do not. Whole-body issues
    // (unknown fields, not an object) name what they are about themselves.
    return field && !issue.message.includes(field) ? `${field}: ${issue.message}` : issue.message;
  });
  return [...new Set(parts)].join('; ') || 'Invalid input';
}
