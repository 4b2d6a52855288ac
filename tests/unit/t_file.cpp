// tests/unit/t_file.cpp: files written atomically and output sets
// (base/file.c).  Each test works in a fresh directory under the build tree
// and looks at the directory afterwards: which names exist, what they hold,
// and that no temporary (".NAME.tmp-PID.XXXXXX") is left.  These run in the
// sanitizer build too (label unit), where the scripts of tests/robust/ do
// not.
#include <gtest/gtest.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

#if !defined(_Noreturn)
#define _Noreturn [[noreturn]]
#endif
#include "ir/ir.h"

namespace {

namespace fs = std::filesystem;

std::string read_all(const std::string &path)
{
	std::string s;
	FILE *f = fopen(path.c_str(), "rb");
	if (!f)
		return "<missing>";
	char buf[256];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		s.append(buf, n);
	fclose(f);
	return s;
}

void put(const std::string &path, const std::string &text)
{
	FILE *f = fopen(path.c_str(), "wb");
	ASSERT_NE(f, nullptr);
	fputs(text.c_str(), f);
	fclose(f);
}

class t_file : public ::testing::Test {
protected:
	std::string dir;
	void SetUp() override
	{
		dir = std::string(SLUICE_BINARY_DIR) + "/t_file_" +
			::testing::UnitTest::GetInstance()->current_test_info()->name();
		fs::remove_all(dir);
		fs::create_directories(dir);
	}
	std::string p(const std::string &name) const { return dir + "/" + name; }
	// The stages beside the directory (".NAME.tmp-PID.XXXXXX"), sorted.
	std::vector<std::string> stages() const
	{
		std::vector<std::string> v;
		std::string pre = "." + fs::path(dir).filename().string() + ".tmp-";
		for (const auto &e : fs::directory_iterator(fs::path(dir).parent_path()))
			if (e.path().filename().string().rfind(pre, 0) == 0)
				v.push_back(e.path().filename().string());
		std::sort(v.begin(), v.end());
		return v;
	}
	// Every name in the directory, sorted.
	std::vector<std::string> names() const
	{
		std::vector<std::string> v;
		for (const auto &e : fs::directory_iterator(dir))
			v.push_back(e.path().filename().string());
		std::sort(v.begin(), v.end());
		return v;
	}
};

TEST_F(t_file, write_replaces_and_leaves_no_temporary)
{
	put(p("a.txt"), "old");
	ASSERT_EQ(sl_write_file_atomic(p("a.txt").c_str(), "new", 3), 0);
	EXPECT_EQ(read_all(p("a.txt")), "new");
	EXPECT_EQ(names(), std::vector<std::string>{ "a.txt" });
}

TEST_F(t_file, symlinks_are_replaced_not_followed)
{
	put(p("victim"), "precious");
	ASSERT_EQ(symlink(p("victim").c_str(), p("out.npy").c_str()), 0);
	ASSERT_EQ(symlink(p("victim").c_str(), p("out.npy.tmp").c_str()), 0);
	ASSERT_EQ(sl_write_file_atomic(p("out.npy").c_str(), "data", 4), 0);
	EXPECT_EQ(read_all(p("victim")), "precious");
	struct stat st;
	ASSERT_EQ(lstat(p("out.npy").c_str(), &st), 0);
	EXPECT_TRUE(S_ISREG(st.st_mode));
	EXPECT_EQ(read_all(p("out.npy")), "data");
}

TEST_F(t_file, failures_set_errno_and_keep_the_old_file)
{
	fs::create_directory(p("d.npy"));
	EXPECT_EQ(sl_write_file_atomic(p("d.npy").c_str(), "x", 1), -1);
	EXPECT_EQ(errno, EISDIR);
	EXPECT_EQ(sl_write_file_atomic(p("nodir/x").c_str(), "x", 1), -1);
	EXPECT_EQ(errno, ENOENT);
	std::string long_name(256, 'q');
	EXPECT_EQ(sl_write_file_atomic(p(long_name).c_str(), "x", 1), -1);
	EXPECT_EQ(errno, ENAMETOOLONG);
	EXPECT_EQ(names(), std::vector<std::string>{ "d.npy" });
}

// A name of 255 characters, the most a file system takes: the temporary's
// name is cut to fit.
TEST_F(t_file, longest_name_is_written)
{
	std::string name(255, 'q');
	ASSERT_EQ(sl_write_file_atomic(p(name).c_str(), "x", 1), 0) << strerror(errno);
	EXPECT_EQ(names(), std::vector<std::string>{ name });
}

TEST_F(t_file, output_set_commits_all_in_order)
{
	put(p("b"), "old b");
	sl_outputs_begin(dir.c_str());
	ASSERT_EQ(sl_write_file_atomic(p("b").c_str(), "new b", 5), 0);
	ASSERT_EQ(sl_write_file_atomic(p("a").c_str(), "new a", 5), 0);
	EXPECT_EQ(read_all(p("b")), "old b");	// staged, not yet renamed
	EXPECT_FALSE(fs::exists(p("a")));
	EXPECT_EQ(names(), std::vector<std::string>{ "b" });	// the temporaries are in the stage
	EXPECT_EQ(stages().size(), 1u);
	testing::internal::CaptureStdout();
	EXPECT_EQ(sl_outputs_commit(), 0);
	std::string said = testing::internal::GetCapturedStdout();
	EXPECT_EQ(said, "wrote " + p("b") + "\nwrote " + p("a") + "\n");
	EXPECT_EQ(read_all(p("a")), "new a");
	EXPECT_EQ(read_all(p("b")), "new b");
	EXPECT_EQ(names(), (std::vector<std::string>{ "a", "b" }));
	EXPECT_EQ(stages(), std::vector<std::string>{});
}

// The set goes in by exchanging the directory with a stage: a new inode,
// holding the set, the other files of the old directory (the same
// inodes) and its subdirectories, with its mode; no stage left beside it.
TEST_F(t_file, output_set_swaps_the_directory_keeping_the_rest)
{
	put(p("b"), "old b");
	put(p("keep"), "kept");
	fs::create_directory(p("sub"));
	put(p("sub/x"), "x");
	ASSERT_EQ(chmod(dir.c_str(), 0751), 0);
	struct stat before, keep_before, after, keep_after;
	ASSERT_EQ(stat(dir.c_str(), &before), 0);
	ASSERT_EQ(stat(p("keep").c_str(), &keep_before), 0);
	sl_outputs_begin((dir + "/").c_str());
	ASSERT_EQ(sl_write_file_atomic(p("b").c_str(), "new b", 5), 0);
	ASSERT_EQ(sl_write_file_atomic(p("a").c_str(), "new a", 5), 0);
	testing::internal::CaptureStdout();
	EXPECT_EQ(sl_outputs_commit(), 0);
	EXPECT_EQ(testing::internal::GetCapturedStdout(),
		"wrote " + p("b") + "\nwrote " + p("a") + "\n");
	ASSERT_EQ(stat(dir.c_str(), &after), 0);
	ASSERT_EQ(stat(p("keep").c_str(), &keep_after), 0);
	EXPECT_NE(after.st_ino, before.st_ino);
	EXPECT_EQ(keep_after.st_ino, keep_before.st_ino);
	EXPECT_EQ(after.st_mode & 07777, 0751u);
	EXPECT_EQ(names(), (std::vector<std::string>{ "a", "b", "keep", "sub" }));
	EXPECT_EQ(read_all(p("a")), "new a");
	EXPECT_EQ(read_all(p("b")), "new b");
	EXPECT_EQ(read_all(p("sub/x")), "x");
	EXPECT_EQ(stages(), std::vector<std::string>{});
}

// What a killed commit leaves, and what the next one makes of it: a stage
// with its marker (killed before the exchange) goes, the old set stays; an
// old directory without one (killed after it) gives back what the new
// directory lacks (a subdirectory, a late file), the rest goes.
TEST_F(t_file, recover_finishes_killed_commits)
{
	long dead = 0;
	FILE *f = fopen("/proc/sys/kernel/pid_max", "r");
	ASSERT_NE(f, nullptr);
	ASSERT_EQ(fscanf(f, "%ld", &dead), 1);
	fclose(f);
	dead++;
	std::string out = p("out"), tag = ".tmp-" + std::to_string(dead);
	std::string before = p(".out" + tag + ".aaaaaa"), after = p(".out" + tag + ".bbbbbb");
	fs::create_directories(out);
	put(out + "/a", "old a");
	fs::create_directories(before);
	put(before + "/a", "new a");
	put(before + "/n", "new n");
	put(before + "/.sluice-stage" + tag + ".aaaaaa", "");
	fs::create_directories(after + "/sub");
	put(after + "/a", "older a");
	put(after + "/late", "late");
	sl_outputs_recover(out.c_str());
	EXPECT_EQ(names(), std::vector<std::string>{ "out" });
	std::vector<std::string> in_out;
	for (auto &e : fs::directory_iterator(out))
		in_out.push_back(e.path().filename().string());
	std::sort(in_out.begin(), in_out.end());
	EXPECT_EQ(in_out, (std::vector<std::string>{ "a", "late", "sub" }));
	EXPECT_EQ(read_all(out + "/a"), "old a");
	EXPECT_EQ(read_all(out + "/late"), "late");
}

TEST_F(t_file, output_set_abort_writes_nothing)
{
	put(p("b"), "old b");
	sl_outputs_begin(dir.c_str());
	ASSERT_EQ(sl_write_file_atomic(p("a").c_str(), "new a", 5), 0);
	ASSERT_EQ(sl_write_file_atomic(p("b").c_str(), "new b", 5), 0);
	sl_outputs_abort();
	EXPECT_EQ(read_all(p("b")), "old b");
	EXPECT_EQ(names(), std::vector<std::string>{ "b" });
	EXPECT_EQ(stages(), std::vector<std::string>{});
	// a write after the set is immediate again
	ASSERT_EQ(sl_write_file_atomic(p("c").c_str(), "c", 1), 0);
	EXPECT_EQ(read_all(p("c")), "c");
}

TEST_F(t_file, write_now_is_immediate_inside_a_set)
{
	sl_outputs_begin(dir.c_str());
	ASSERT_EQ(sl_write_file_now(p("scratch").c_str(), "s", 1), 0);
	EXPECT_EQ(read_all(p("scratch")), "s");
	sl_outputs_abort();
	EXPECT_EQ(read_all(p("scratch")), "s");
}

TEST_F(t_file, sweep_removes_temporaries_of_dead_processes_only)
{
	// a PID past /proc/sys/kernel/pid_max cannot exist
	long dead = 0;
	FILE *f = fopen("/proc/sys/kernel/pid_max", "r");
	ASSERT_NE(f, nullptr);
	ASSERT_EQ(fscanf(f, "%ld", &dead), 1);
	fclose(f);
	dead++;
	std::string d = ".x.npy.tmp-" + std::to_string(dead) + ".abcdef";
	std::string live = ".x.npy.tmp-" + std::to_string((long) getppid()) + ".abcdef";
	std::string user = "run-" + std::to_string(dead);	// a directory of the user's
	put(p(d), "");
	put(p(live), "");
	fs::create_directory(p(user));
	sl_sweep_stale(dir.c_str(), false);
	EXPECT_EQ(names(), (std::vector<std::string>{ live, user }));
	sl_sweep_stale(dir.c_str(), true);	// the cache's sweep takes run-PID too
	EXPECT_EQ(names(), std::vector<std::string>{ live });
}

} // namespace
