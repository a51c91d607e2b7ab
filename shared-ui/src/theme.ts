/** Design tokens every package reads, so the shell and the remotes look like one site. */
export const theme = {
  color: {
    brand: '#d62828',
    brandDark: '#a61b1b',
    ink: '#1d2433',
    muted: '#5b6475',
    line: '#e3e6ec',
    surface: '#ffffff',
    canvas: '#f6f7f9',
    success: '#1f7a46',
    /** A notice that something went well (a completed payment): this fill and border, text in success. */
    successBg: '#e9f6ee',
    successLine: '#b7e0c5',
    danger: '#c0262d',
    focus: '#1a5fd6',
  },
  radius: '10px',
  shadow: '0 2px 10px rgba(16, 24, 40, 0.08)',
  /** The page container is at most 1310px wide (docs/product.md, "Footer"). */
  containerMaxWidth: '1310px',
  font: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
} as const;
