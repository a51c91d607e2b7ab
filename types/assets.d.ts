declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.png' {
  const url: string;
  export default url;
}
declare module '*.jpg' {
  const url: string;
  export default url;
}
declare module '*.webp' {
  const url: string;
  export default url;
}
/** The picture as a data: address, in the markup itself (tooling/webpack/resolve.cjs, pictureRule). */
declare module '*.svg?inline' {
  const url: string;
  export default url;
}
/** The SVG's own markup, rendered in the page's markup (tooling/webpack/resolve.cjs, pictureRule). */
declare module '*.svg?markup' {
  const markup: string;
  export default markup;
}
