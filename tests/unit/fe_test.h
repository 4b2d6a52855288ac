// tests/unit/fe_test.h: helpers shared by the front-end unit tests
// (t_fe_lexer, t_fe_parser, t_fe_typing, t_fe_bounds).  A Fe compiles one
// source text in its own context, captures the diagnostics in memory and
// offers the compiled program's pieces as strings for comparison.
#ifndef SLUICE_TESTS_FE_TEST_H
#define SLUICE_TESTS_FE_TEST_H

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

// frontend_private.h has no extern "C" guards of its own.
extern "C" {
#include "frontend/frontend_private.h"
}

namespace fe_test {

struct Fe {
	sl_ctx *ctx = nullptr;
	FILE *diag = nullptr;
	char *buf = nullptr;
	size_t buf_len = 0;
	ir_program *prog = nullptr;

	std::vector<sl_define> defines;	/* -D values, alive as long as ctx */

	explicit Fe(const std::string &text, const char *path = "t.sl",
		const std::vector<sl_define> &defs = {})
	{
		ctx = sl_ctx_alloc();
		defines = defs;
		sl_ctx_set_defines(ctx, defines.data(), (int) defines.size());
		diag = open_memstream(&buf, &buf_len);
		sl_ctx_set_diag_stream(ctx, diag);
		prog = fe_compile_text(ctx, path, text.data(), text.size());
	}
	~Fe()
	{
		sl_ctx_free(ctx);
		fclose(diag);
		free(buf);
	}
	Fe(const Fe &) = delete;
	Fe &operator=(const Fe &) = delete;

	bool ok() const { return prog != nullptr && sl_n_errors(ctx) == 0; }
	int n_errors() const { return sl_n_errors(ctx); }

	std::string diags()
	{
		fflush(diag);
		return std::string(buf ? buf : "", buf_len);
	}
	// Lines that start a diagnostic of this kind ("error", "warning", "note").
	int count(const char *kind)
	{
		std::string d = diags(), pat = std::string(": ") + kind + ": ";
		int n = 0;
		size_t pos = 0;
		while (pos < d.size()) {
			size_t eol = d.find('\n', pos);
			if (eol == std::string::npos)
				eol = d.size();
			std::string line = d.substr(pos, eol - pos);
			if (line.rfind("t.sl:", 0) == 0 && line.find(pat) != std::string::npos)
				n++;
			pos = eol + 1;
		}
		return n;
	}
	bool has(const std::string &s) { return diags().find(s) != std::string::npos; }

	ir_decl *decl(const char *name) const
	{
		return prog ? ir_program_find(prog, name) : nullptr;
	}
	// The body of func "name" as ir_expr_print writes it (fully parenthesised).
	std::string body(const char *name) const
	{
		ir_decl *d = decl(name);
		if (!d || !d->body)
			return "<no func " + std::string(name) + ">";
		return print(d->body, d);
	}
	static std::string print(const ir_expr *e, const ir_decl *f)
	{
		char *s = nullptr;
		size_t n = 0;
		FILE *out = open_memstream(&s, &n);
		ir_expr_print(e, f, out);
		fclose(out);
		std::string r(s, n);
		free(s);
		return r;
	}
	// The inferred domain of func "name" as "lo..last" per dimension,
	// joined with ", " (last is inclusive), or "(unused)".
	std::string dom(const char *name) const
	{
		ir_decl *d = decl(name);
		if (!d)
			return "<no func " + std::string(name) + ">";
		if (d->dom_empty || !d->dom_lo)
			return "(unused)";
		std::string r;
		for (int i = 0; i < d->n_dims; i++) {
			if (i)
				r += ", ";
			r += std::to_string(d->dom_lo[i]) + ".." +
				std::to_string(d->dom_lo[i] + d->dom_ext[i] - 1);
		}
		return r;
	}
};

// The type of an expression node as text ("u8", "i32", "none").
inline std::string ty(ir_type t)
{
	if (ir_type_none(t))
		return "none";
	char b[8];
	return ir_type_str(t, b);
}

} // namespace fe_test

#endif
