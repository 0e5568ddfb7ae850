// .storybook/main.js
export default {
  framework: '@storybook/html-vite',
  stories: ['../src/**/*.stories.js'],
  staticDirs: ['../public'], // where `rtq wasm --out public` wrote
};
