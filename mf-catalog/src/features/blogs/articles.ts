/**
 * The four static Question and Answer articles (docs/product.md, "Blogs").
 * Text between backticks is shown as code.
 */
export type ArticleBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] } | { kind: 'code'; text: string };

export interface Article {
  id: string;
  question: string;
  blocks: ArticleBlock[];
}

export const ARTICLES: Article[] = [
  {
    id: 'react-state',
    question: 'What are the different ways to manage a state in a React application?',
    blocks: [
      {
        kind: 'paragraph',
        text: 'State is any data that changes over time and affects what the user sees. React offers several places to keep it, and choosing the right one for each piece of data keeps an application simple.',
      },
      {
        kind: 'list',
        items: [
          'Local state: `useState` for simple values and `useReducer` when updates follow rules, such as a form with several fields or a multi-step wizard. The state lives and dies with the component.',
          'Lifted state: when two siblings need the same value, move it to their closest common parent and pass it down as props, together with callbacks that change it.',
          'Context: `createContext` and `useContext` share values such as the signed-in user, the theme or the language with a whole subtree without passing props through every level. Every consumer re-renders when the value changes, so context suits data that changes rarely.',
          'External stores: libraries such as Redux Toolkit, Zustand, Jotai or MobX keep global client state outside React and let each component subscribe to just the slice it needs.',
          'Server state: data that belongs to the server, such as lists and details, is best held in a data-fetching cache like TanStack Query, SWR or RTK Query, which handle loading, errors, caching and refetching.',
          'URL state: filters, search terms, the current page and the selected tab belong in the route parameters and the query string, so they survive a reload and can be shared as a link.',
          'Form state: React Hook Form or Formik, or uncontrolled inputs that are read when the form is submitted.',
        ],
      },
      {
        kind: 'paragraph',
        text: 'A good rule of thumb: keep state as close as possible to where it is used, derive values instead of storing them twice, and reach for a global store only for data that many distant components truly share.',
      },
    ],
  },
  {
    id: 'prototypal-inheritance',
    question: 'How does prototypical inheritance work?',
    blocks: [
      {
        kind: 'paragraph',
        text: 'In JavaScript, objects inherit directly from other objects. Every object has a hidden link, called `[[Prototype]]`, to another object or to `null`. When you read a property, the engine looks at the object itself first; if the property is not there, it follows the link to the prototype, then to that object’s prototype, and so on until it finds the property or reaches `null`. This series of links is the prototype chain.',
      },
      {
        kind: 'code',
        text: "const vehicle = {\n  wheels: 4,\n  describe() {\n    return `${this.make} on ${this.wheels} wheels`;\n  },\n};\n\nconst car = Object.create(vehicle);\ncar.make = 'Honda';\ncar.describe(); // 'Honda on 4 wheels'",
      },
      {
        kind: 'paragraph',
        text: '`car` has no `describe` method of its own, so the lookup continues to `vehicle`. Inside the method, `this` is still `car`, which is why `this.make` works.',
      },
      {
        kind: 'list',
        items: [
          'Assigning a property normally creates or updates it on the object itself and leaves the prototype untouched; the new property shadows the inherited one.',
          'Every ordinary function has a `prototype` property. Calling it with `new` creates an object whose `[[Prototype]]` is that `prototype`, which is how all instances share one copy of each method.',
          '`class` syntax is built on the same mechanism: `class Car extends Vehicle` links `Car.prototype` to `Vehicle.prototype`.',
          '`Object.getPrototypeOf(obj)` reads the link, `Object.create(proto)` sets it, and `Object.hasOwn(obj, key)` tells own properties from inherited ones.',
        ],
      },
      {
        kind: 'paragraph',
        text: 'Because methods live once on the prototype instead of being copied into every object, this model saves memory and stays flexible: a method added to a prototype at run time is immediately available to every object linked to it.',
      },
    ],
  },
  {
    id: 'unit-tests',
    question: 'What is a unit test? Why should we write unit tests?',
    blocks: [
      {
        kind: 'paragraph',
        text: 'A unit test is a small, automated test that checks one unit of code, usually a single function, class or component, in isolation from the rest of the system. It prepares an input, runs the unit and asserts that the result is what you expected. Because it does not touch the network, a real database or the file system, a unit test runs in milliseconds, so a project can afford thousands of them.',
      },
      {
        kind: 'code',
        text: "test('applies a 10% discount', () => {\n  expect(discountedPrice(20000, 0.1)).toBe(18000);\n});",
      },
      { kind: 'paragraph', text: 'Why write them?' },
      {
        kind: 'list',
        items: [
          'They catch bugs early: a failing test points at the exact function that broke minutes after the change, not weeks later in production.',
          'They make refactoring safe: while the tests stay green, you know the behaviour has not changed.',
          'They document the code: a well-named test shows how a unit is meant to be used and which edge cases it handles.',
          'They improve design: code that is easy to test tends to be small, focused and loosely coupled.',
          'They speed up delivery: continuous integration runs the suite on every commit and stops regressions before they are merged.',
        ],
      },
      {
        kind: 'paragraph',
        text: 'Unit tests form the base of the testing pyramid. They do not replace integration and end-to-end tests, which check that the pieces work together, but they give the fastest and cheapest feedback. In JavaScript, Jest and Vitest are popular test runners, and Testing Library helps test React components the way a user uses them.',
      },
    ],
  },
  {
    id: 'react-angular-vue',
    question: 'React vs. Angular vs. Vue?',
    blocks: [
      {
        kind: 'paragraph',
        text: 'All three build fast, component-based single-page applications, and all three are mature and widely used. They differ mainly in how much they decide for you.',
      },
      {
        kind: 'list',
        items: [
          'React, from Meta, is a library for building user interfaces. Components are JavaScript functions that return JSX, and routing, data fetching and state management come from its large ecosystem or from a framework such as Next.js. It offers great flexibility, a huge community and React Native for mobile apps, but your team makes and maintains more of the architectural choices.',
          'Angular, from Google, is a complete, opinionated framework written in TypeScript. Routing, forms, an HTTP client, dependency injection and a CLI come built in, and reactivity uses RxJS and, more recently, signals. It brings consistency to large teams and enterprise apps, at the cost of a steeper learning curve.',
          'Vue, created by Evan You, is a progressive framework: you can add it to a single page or build a full application with its official router and the Pinia store. Single-file components use HTML-based templates and fine-grained reactivity. It is easy to learn and well documented, though its job market is smaller than React’s in many regions.',
        ],
      },
      {
        kind: 'paragraph',
        text: 'Which one should you choose? React when you want flexibility and the largest ecosystem, Angular when a big team needs one standard way of doing everything, and Vue when you want approachable syntax and quick onboarding. For most projects, the team’s experience matters more than the framework.',
      },
    ],
  },
];
