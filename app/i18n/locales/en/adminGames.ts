// Strings of the casino issue's adminGames part (a route-scoped area: sent by the loaders that use it).
export default {};
