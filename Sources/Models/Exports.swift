/// The set's types (`QuizSet`, `SetQuiz`, `GivenAnswer`, `SetImage`…) live in `QuestionSets`, a
/// module of their own so that the question-bank formats (`QuestionBanks`) depend on them and on
/// nothing of the room. They are re-exported here because the room plays them and the student's
/// app and the server have always seen them through `import Models`: no other import changes.
@_exported import QuestionSets
