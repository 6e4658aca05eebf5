export default {
  favourites: "Favourites",
  featuredGames: "Featured Games",
  features: "Features",
  announcements: "Announcements",
  allGames: "All",
  noGames: "No Data",
  playNow: "Play",
  loginToPlay: "Log in to play",
  gameComingSoon: "Game launch arrives with the games catalogue",
};
