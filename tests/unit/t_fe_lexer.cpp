// tests/unit/t_fe_lexer.cpp: the lexer (frontend/lexer.c) against the
// "Lexical" section of the language spec and docs/language.md.  Token
// streams come from fe_lex directly; whole-program behaviour (an input
// called `in`, error counts) from fe_compile_text.  Every expected value is
// read off the spec by hand.
#include "fe_test.h"

using fe_test::Fe;

namespace {

// The tokens of one text, lexed in a fresh context.
struct Lex {
	sl_ctx *ctx;
	FILE *diag;
	char *buf = nullptr;
	size_t buf_len = 0;
	fe_token *toks = nullptr;
	int n = 0;

	explicit Lex(const std::string &text)
	{
		ctx = sl_ctx_alloc();
		diag = open_memstream(&buf, &buf_len);
		sl_ctx_set_diag_stream(ctx, diag);
		char *copy = (char *) malloc(text.size() + 1);
		memcpy(copy, text.data(), text.size());
		copy[text.size()] = '\0';
		int file = sl_source_add(ctx, "t.sl", copy, text.size());
		toks = fe_lex(ctx, file, &n);
	}
	~Lex()
	{
		sl_ctx_free(ctx);
		fclose(diag);
		free(buf);
	}
	std::string diags()
	{
		fflush(diag);
		return std::string(buf ? buf : "", buf_len);
	}
	std::vector<fe_tok_kind> kinds() const
	{
		std::vector<fe_tok_kind> k;
		for (int i = 0; i < n; i++)
			k.push_back(toks[i].kind);
		return k;
	}
	std::string text(int i) const { return std::string(toks[i].start, toks[i].len); }
	int errors() const { return sl_n_errors(ctx); }
};

typedef std::vector<fe_tok_kind> Kinds;

TEST(t_fe_lexer, punctuation_every_kind)
{
	Lex l("( ) [ ] { } , ; : = ? .. + - * / % << >> & | ^ ~ ! && || == != < <= > >=");
	ASSERT_NE(l.toks, nullptr);
	Kinds want = { TK_LPAREN, TK_RPAREN, TK_LBRACKET, TK_RBRACKET, TK_LBRACE,
		TK_RBRACE, TK_COMMA, TK_SEMI, TK_COLON, TK_ASSIGN, TK_QUESTION, TK_DOTDOT,
		TK_PLUS, TK_MINUS, TK_STAR, TK_SLASH, TK_PERCENT, TK_SHL, TK_SHR, TK_AMP,
		TK_PIPE, TK_CARET, TK_TILDE, TK_BANG, TK_ANDAND, TK_OROR, TK_EQ, TK_NE,
		TK_LT, TK_LE, TK_GT, TK_GE, TK_EOF };
	EXPECT_EQ(l.kinds(), want);
	EXPECT_EQ(l.errors(), 0);
}

TEST(t_fe_lexer, punctuation_longest_match_without_spaces)
{
	// "<<=" is << then =; "<==" is <= then =; "&&&" is && then &;
	// "|||" is || then |; "!==" is != then =; ">>>" is >> then >.
	Lex l("a<<=b<==c&&&d|||e!==f>>>g");
	Kinds want = { TK_IDENT, TK_SHL, TK_ASSIGN, TK_IDENT, TK_LE, TK_ASSIGN,
		TK_IDENT, TK_ANDAND, TK_AMP, TK_IDENT, TK_OROR, TK_PIPE, TK_IDENT, TK_NE,
		TK_ASSIGN, TK_IDENT, TK_SHR, TK_GT, TK_IDENT, TK_EOF };
	EXPECT_EQ(l.kinds(), want);
}

TEST(t_fe_lexer, range_between_integers)
{
	Lex l("0..3 -2..10");
	Kinds want = { TK_INT, TK_DOTDOT, TK_INT, TK_MINUS, TK_INT, TK_DOTDOT, TK_INT, TK_EOF };
	ASSERT_EQ(l.kinds(), want);
	EXPECT_EQ((uint64_t) l.toks[0].ival, 0u);
	EXPECT_EQ((uint64_t) l.toks[2].ival, 3u);
	EXPECT_EQ((uint64_t) l.toks[4].ival, 2u);
	EXPECT_EQ((uint64_t) l.toks[6].ival, 10u);
}

TEST(t_fe_lexer, reserved_words)
{
	Lex l("input const func output inline unroll sum maximum minimum min max abs clamp select");
	Kinds want = { TK_INPUT, TK_CONST, TK_FUNC, TK_OUTPUT, TK_INLINE, TK_UNROLL,
		TK_SUM, TK_MAXIMUM, TK_MINIMUM, TK_MIN, TK_MAX, TK_ABS, TK_CLAMP, TK_SELECT,
		TK_EOF };
	EXPECT_EQ(l.kinds(), want);
}

TEST(t_fe_lexer, contextual_words_are_identifiers)
{
	// `in` and `file` are words only where the grammar expects them.
	Lex l("in file");
	Kinds want = { TK_IDENT, TK_IDENT, TK_EOF };
	EXPECT_EQ(l.kinds(), want);
}

TEST(t_fe_lexer, words_that_only_look_reserved)
{
	// Case matters, and a keyword inside a longer word is not a keyword.
	Lex l("Input SUM sums inputs _sum min_ max2 abs_x selects _ _9 a_B_9");
	for (int i = 0; i < l.n - 1; i++)
		EXPECT_EQ(l.toks[i].kind, TK_IDENT) << l.text(i);
	EXPECT_EQ(l.n, 13);
}

TEST(t_fe_lexer, type_names)
{
	struct { const char *s; bool is_signed; int bits; } types[] = {
		{ "u1", false, 1 }, { "u2", false, 2 }, { "u8", false, 8 },
		{ "u16", false, 16 }, { "u33", false, 33 }, { "u64", false, 64 },
		{ "i2", true, 2 }, { "i8", true, 8 }, { "i32", true, 32 },
		{ "i64", true, 64 },
	};
	for (auto &t : types) {
		Lex l(t.s);
		ASSERT_EQ(l.n, 2) << t.s;
		EXPECT_EQ(l.toks[0].kind, TK_TYPE) << t.s;
		EXPECT_EQ(l.toks[0].type.bits, t.bits) << t.s;
		EXPECT_EQ(l.toks[0].type.is_signed, t.is_signed) << t.s;
	}
}

TEST(t_fe_lexer, near_type_names_are_identifiers)
{
	// i1 (no 1-bit signed type), u0, widths above 64, leading zeros, and
	// letters after the width are all ordinary names.
	for (const char *s : { "i1", "u0", "i0", "u65", "i65", "u100", "u08", "i08",
		     "u008", "U8", "I32", "u8x", "i", "u", "u_8" }) {
		Lex l(s);
		ASSERT_EQ(l.n, 2) << s;
		EXPECT_EQ(l.toks[0].kind, TK_IDENT) << s;
		EXPECT_EQ(l.errors(), 0) << s;
	}
}

TEST(t_fe_lexer, decimal_literals)
{
	Lex l("0 7 42 1000000 4294967296");
	ASSERT_EQ(l.n, 6);
	uint64_t want[] = { 0, 7, 42, 1000000, 4294967296ull };
	for (int i = 0; i < 5; i++) {
		EXPECT_EQ(l.toks[i].kind, TK_INT);
		EXPECT_EQ((uint64_t) l.toks[i].ival, want[i]);
		EXPECT_EQ((uint64_t) (l.toks[i].ival >> 64), 0u);
	}
}

TEST(t_fe_lexer, hex_literals)
{
	Lex l("0x2A 0X2a 0x0 0xff 0XFF 0x00ff 0xDeadBeef");
	ASSERT_EQ(l.n, 8);
	uint64_t want[] = { 42, 42, 0, 255, 255, 255, 0xdeadbeefull };
	for (int i = 0; i < 7; i++) {
		EXPECT_EQ(l.toks[i].kind, TK_INT) << l.text(i);
		EXPECT_EQ((uint64_t) l.toks[i].ival, want[i]) << l.text(i);
	}
	EXPECT_EQ(l.errors(), 0);
}

TEST(t_fe_lexer, largest_literal)
{
	// 2^64 - 1 in both spellings.
	Lex l("18446744073709551615 0xFFFFFFFFFFFFFFFF");
	ASSERT_EQ(l.n, 3);
	for (int i = 0; i < 2; i++) {
		EXPECT_EQ(l.toks[i].kind, TK_INT);
		EXPECT_EQ((uint64_t) l.toks[i].ival, UINT64_MAX);
		EXPECT_EQ((uint64_t) (l.toks[i].ival >> 64), 0u);
	}
	EXPECT_EQ(l.errors(), 0);
}

TEST(t_fe_lexer, literal_two_to_the_64_bad)
{
	for (const char *s : { "18446744073709551616", "0x10000000000000000",
		     "99999999999999999999999999999999999999999999" }) {
		Lex l(s);
		EXPECT_GE(l.errors(), 1) << s;
		EXPECT_NE(l.diags().find("t.sl:1:1: error:"), std::string::npos) << s;
	}
}

TEST(t_fe_lexer, leading_zero_bad)
{
	for (const char *s : { "007", "00", "01", "0123456789" }) {
		Lex l(s);
		EXPECT_EQ(l.errors(), 1) << s;
		EXPECT_NE(l.diags().find("t.sl:1:1: error:"), std::string::npos) << s;
	}
}

TEST(t_fe_lexer, malformed_numbers_bad)
{
	// A hex prefix without digits, a bad hex digit, letters after digits.
	for (const char *s : { "0x", "0xG1", "12abc", "3x4", "0x1g" }) {
		Lex l(s);
		EXPECT_EQ(l.errors(), 1) << s;
	}
}

TEST(t_fe_lexer, minus_is_an_operator)
{
	Lex l("-1 - 0x2");
	Kinds want = { TK_MINUS, TK_INT, TK_MINUS, TK_INT, TK_EOF };
	EXPECT_EQ(l.kinds(), want);
}

TEST(t_fe_lexer, comments)
{
	Lex l("a # b c 0x + ) 007 \"unterminated\n"
	      "#\n"
	      "d#e\n"
	      "# at the end, no newline");
	ASSERT_EQ(l.n, 3);
	EXPECT_EQ(l.text(0), "a");
	EXPECT_EQ(l.text(1), "d");
	EXPECT_EQ(l.toks[2].kind, TK_EOF);
	EXPECT_EQ(l.errors(), 0);
}

TEST(t_fe_lexer, whitespace_kinds)
{
	Lex l("a\tb\r\nc\fd\ve  f");
	Kinds want(6, TK_IDENT);
	want.push_back(TK_EOF);
	EXPECT_EQ(l.kinds(), want);
	EXPECT_EQ(l.errors(), 0);
}

TEST(t_fe_lexer, line_endings)
{
	// "\n", "\r\n" and a lone "\r" (classic Mac) each end a line; a
	// comment ends at any of them.
	Lex l("a\nb\r\nc\rd # x\re");
	ASSERT_EQ(l.n, 6);
	int lines[] = { 1, 2, 3, 4, 5 };
	for (int i = 0; i < 5; i++) {
		EXPECT_EQ(l.toks[i].loc.line, lines[i]) << i;
		EXPECT_EQ(l.toks[i].loc.col, 1) << i;
	}
	EXPECT_EQ(l.text(4), "e");
	EXPECT_EQ(l.errors(), 0);
}

TEST(t_fe_lexer, byte_order_mark_named)
{
	Lex l("\xef\xbb\xbf" "a");
	EXPECT_EQ(l.errors(), 1);
	EXPECT_NE(l.diags().find("t.sl:1:1: error: the file begins with a UTF-8 byte-order mark"),
		std::string::npos) << l.diags();
	ASSERT_GE(l.n, 1);
	EXPECT_EQ(l.text(0), "a");	// lexing goes on after it
}

TEST(t_fe_lexer, locations)
{
	// Lines and columns count from 1; a comment or a blank line still
	// counts as a line.
	Lex l("input  in : u8[64];\n"
	      "# comment\n"
	      "\n"
	      "   func f(x) : u8 = in(x) >> 1;");
	ASSERT_GE(l.n, 7);
	struct { int tok, line, col; } want[] = {
		{ 0, 1, 1 },	// input
		{ 1, 1, 8 },	// in
		{ 2, 1, 11 },	// :
		{ 3, 1, 13 },	// u8
		{ 4, 1, 15 },	// [
		{ 5, 1, 16 },	// 64
		{ 7, 1, 19 },	// ;
		{ 8, 4, 4 },	// func
		{ 9, 4, 9 },	// f
	};
	for (auto &w : want) {
		EXPECT_EQ(l.toks[w.tok].loc.line, w.line) << l.text(w.tok);
		EXPECT_EQ(l.toks[w.tok].loc.col, w.col) << l.text(w.tok);
	}
	// ">>" of "in(x) >> 1;" on line 4.
	int shr = -1;
	for (int i = 0; i < l.n; i++)
		if (l.toks[i].kind == TK_SHR)
			shr = i;
	ASSERT_GE(shr, 0);
	EXPECT_EQ(l.toks[shr].loc.line, 4);
	EXPECT_EQ(l.toks[shr].loc.col, 27);
	EXPECT_EQ(l.toks[l.n - 1].kind, TK_EOF);
}

TEST(t_fe_lexer, location_of_an_error)
{
	Lex l("a\n  b $ c\n");
	EXPECT_EQ(l.errors(), 1);
	EXPECT_NE(l.diags().find("t.sl:2:5: error:"), std::string::npos) << l.diags();
}

TEST(t_fe_lexer, strings)
{
	Lex l("file(\"weights.npy\") \"\" \"a b # c\"");
	Kinds want = { TK_IDENT, TK_LPAREN, TK_STRING, TK_RPAREN, TK_STRING, TK_STRING, TK_EOF };
	ASSERT_EQ(l.kinds(), want);
	EXPECT_EQ(l.errors(), 0);
	EXPECT_EQ(l.toks[2].loc.col, 6);
	// The token spans the quotes.
	EXPECT_EQ(l.text(2), "\"weights.npy\"");
	EXPECT_EQ(l.text(5), "\"a b # c\"");
}

TEST(t_fe_lexer, unterminated_string_at_eof_bad)
{
	Lex l("const c : u8[1] = file(\"w.npy");
	EXPECT_EQ(l.errors(), 1);
	EXPECT_NE(l.diags().find("t.sl:1:24: error:"), std::string::npos) << l.diags();
}

TEST(t_fe_lexer, unterminated_string_at_newline_bad)
{
	// No string spans lines: the quote on line 2 is not a closing one.
	Lex l("x = file(\"w.npy);\n\"");
	EXPECT_GE(l.errors(), 1);
	EXPECT_NE(l.diags().find("t.sl:1:10: error:"), std::string::npos) << l.diags();
}

TEST(t_fe_lexer, nul_byte_bad)
{
	std::string text("input a : u8[4];\nfunc f(x)", 26);
	text += '\0';
	text += " : u8 = a(x);\noutput f[4];\n";
	Lex l(text);
	EXPECT_EQ(l.toks, nullptr);
	EXPECT_EQ(l.errors(), 1);
	// The file is rejected as binary (docs/language.md), naming the file.
	EXPECT_EQ(l.diags().find("t.sl"), 0u) << l.diags();
	EXPECT_NE(l.diags().find("binary"), std::string::npos) << l.diags();
}

TEST(t_fe_lexer, nul_byte_in_comment_bad)
{
	std::string text("# a comment with a \0 in it\n", 27);
	Fe f(text);
	EXPECT_FALSE(f.ok());
	EXPECT_EQ(f.n_errors(), 1);
}

TEST(t_fe_lexer, non_ascii_bytes_bad)
{
	// A UTF-8 letter (two bytes) in a name is one error, not two.
	Lex l("input caf\xc3\xa9 : u8[4];");
	EXPECT_EQ(l.errors(), 1);
	EXPECT_NE(l.diags().find("t.sl:1:10: error:"), std::string::npos) << l.diags();
	// A lone high byte and a stray ASCII character are errors too.
	Lex l2("a \xff b @ c ` d $");
	EXPECT_EQ(l2.errors(), 4);
}

TEST(t_fe_lexer, non_ascii_in_comment_is_fine)
{
	Lex l("a # caf\xc3\xa9 \xff\n b");
	EXPECT_EQ(l.errors(), 0);
	EXPECT_EQ(l.n, 3);
}

TEST(t_fe_lexer, single_dot_bad)
{
	Lex l("a.b");
	EXPECT_EQ(l.errors(), 1);
}

TEST(t_fe_lexer, several_errors_all_reported_bad)
{
	Lex l("007 @\n0x $\n");
	EXPECT_EQ(l.errors(), 4);
	std::string d = l.diags();
	EXPECT_NE(d.find("t.sl:1:1: error:"), std::string::npos) << d;
	EXPECT_NE(d.find("t.sl:1:5: error:"), std::string::npos) << d;
	EXPECT_NE(d.find("t.sl:2:1: error:"), std::string::npos) << d;
	EXPECT_NE(d.find("t.sl:2:4: error:"), std::string::npos) << d;
}

TEST(t_fe_lexer, gives_up_after_fifty_errors_bad)
{
	// docs/language.md: after 50 lexical errors the lexer gives up.
	std::string text;
	for (int i = 0; i < 200; i++)
		text += "@ ";
	Lex l(text);
	EXPECT_EQ(l.toks, nullptr);
	EXPECT_GE(l.errors(), 50);
	EXPECT_LE(l.errors(), 51);
}

TEST(t_fe_lexer, one_error_then_much_whitespace_bad)
{
	// One lexical error followed by a long run of blanks, comments and
	// newlines is still one error: the limit counts errors, not the
	// characters after one.
	std::string text = "input a : u8[4]; @";
	text += std::string(100, ' ');
	for (int i = 0; i < 60; i++)
		text += "# comment\n";
	text += "func f(x) : u8 = a(x);\noutput f[4];\n";
	Lex l(text);
	EXPECT_EQ(l.errors(), 1) << l.diags();
	EXPECT_EQ(l.diags().find("too many"), std::string::npos) << l.diags();
	EXPECT_NE(l.toks, nullptr);
}

TEST(t_fe_lexer, empty_text)
{
	Lex l("");
	ASSERT_EQ(l.n, 1);
	EXPECT_EQ(l.toks[0].kind, TK_EOF);
	EXPECT_EQ(l.errors(), 0);
}

// ---- whole programs: contextual words as names

TEST(t_fe_lexer, input_called_in)
{
	Fe f("input in : u8[4];\n"
	     "func g(x) : u8 = sum(r in 0..2) in(min(x + r, 3));\n"
	     "output g[4];\n");
	EXPECT_TRUE(f.ok()) << f.diags();
}

TEST(t_fe_lexer, names_file_and_in)
{
	// `file` as a const and as a variable, `in` as a func variable.
	Fe f("const file : u8[2] = {1, 2};\n"
	     "func g(in) : u8 = file(in);\n"
	     "output g[2];\n");
	EXPECT_TRUE(f.ok()) << f.diags();
}

TEST(t_fe_lexer, unroll_is_reserved_bad)
{
	// `unroll` starts a declaration; it names nothing.
	Fe f("input a : u8[4];\n"
	     "func unroll(x) : u8 = a(x);\n"
	     "output unroll[4];\n");
	EXPECT_FALSE(f.ok());
	EXPECT_TRUE(f.has("t.sl:2:6: error:")) << f.diags();
	EXPECT_TRUE(f.has("reserved word 'unroll'")) << f.diags();
}

TEST(t_fe_lexer, reserved_word_as_name_bad)
{
	for (const char *w : { "input", "const", "func", "output", "inline", "sum",
		     "maximum", "minimum", "min", "max", "abs", "clamp", "select", "u8", "i64" }) {
		Fe f(std::string("input ") + w + " : u8[4];\n");
		EXPECT_FALSE(f.ok()) << w;
		EXPECT_TRUE(f.has("t.sl:1:7: error:")) << w << ": " << f.diags();
	}
}

TEST(t_fe_lexer, near_type_names_as_names)
{
	Fe f("input i1 : u8[4];\n"
	     "input u0 : u8[4];\n"
	     "input u65 : u8[4];\n"
	     "input u08 : u8[4];\n"
	     "func g(x) : u8 = i1(x) + u0(x) + u65(x) + u08(x);\n"
	     "output g[4];\n");
	EXPECT_TRUE(f.ok()) << f.diags();
}

} // namespace
