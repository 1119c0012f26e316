// A classroom round of Quizzes as the list and the play page see it: question n is the n-th quiz
// of the round's list (in a classroom the server keeps the whole list, in the round's order),
// and the player's seat (../js/classroom-player.js) says which ones they have answered.

/**
 * Whether the player has answered question `number`: their answers as last read, or, for the
 * room's current question, their row on the leaderboard (an answer from another tab shows there
 * first).
 */
function hasAnswered(seat, number) {
  const room = seat.room;
  return seat.hasAnswered(number) || (!room.selfPaced && number === room.question && Boolean(seat.mine?.answered));
}

/**
 * The question the play page shows, `{number, quiz, answered}`: host-paced, the room's current
 * one; self-paced, the quiz whose id is `id` (a string), else the first one not answered (null
 * when every one is).
 */
export function roundQuestion(seat, quizzes, id) {
  const room = seat.room;
  let index = room.selfPaced ? quizzes.findIndex((quiz) => String(quiz.id) === id) : room.question - 1;
  if (room.selfPaced && index < 0) index = quizzes.findIndex((_, place) => !hasAnswered(seat, place + 1));
  const quiz = quizzes[index];
  return quiz ? { number: index + 1, quiz, answered: hasAnswered(seat, index + 1) } : null;
}

/**
 * Where the player is with question `number` of the round: "right" or "wrong" (answered),
 * "now" (host-paced, the current one), "closed" (host-paced, gone by unanswered), "later"
 * (host-paced, not yet) or "open" (self-paced, to answer).
 */
export function questionStatus(seat, quiz, number) {
  const room = seat.room;
  if (hasAnswered(seat, number)) return quiz.answeredRight ? "right" : "wrong";
  if (room.selfPaced) return "open";
  if (number === room.question) return "now";
  return number < room.question ? "closed" : "later";
}

/** The line that says how the player's answer to `quiz` went: right when `right` (else as the list says). */
export function verdict(quiz, right = Boolean(quiz.answeredRight)) {
  return right
    ? { right: true, text: "¡Correcto! Has acertado esta pregunta." }
    : { right: false, text: "Incorrecto: esta no la has acertado." };
}
