/* A small SQLite program for tests/llvmext_mc.rs: linked with SQLite as
 * assembled by llvmext-mc (from clang-19's -O2 -g x86-64 assembly of the
 * bundled sqlite3.c), it creates and queries an in-memory database and
 * prints the rows, which the test compares with the text it expects.
 * Every statement's failure is fatal (message on stderr, exit status 1). */
#include <stdio.h>
#include <stdlib.h>

#include "sqlite3.h"

static sqlite3 *db;

static void fail(const char *what) {
    fprintf(stderr, "%s: %s\n", what, sqlite3_errmsg(db));
    exit(1);
}

/* Prints each row as its columns joined by '|' (NULL for NULL). */
static int print_row(void *unused, int n, char **values, char **names) {
    (void)unused;
    (void)names;
    for (int i = 0; i < n; i++) printf("%s%s", i ? "|" : "", values[i] ? values[i] : "NULL");
    printf("\n");
    return 0;
}

static void query(const char *title, const char *sql) {
    printf("-- %s\n", title);
    if (sqlite3_exec(db, sql, print_row, NULL, NULL) != SQLITE_OK) fail(sql);
}

int main(void) {
    static const struct {
        const char *name, *color;
        double price;
        int qty;
    } fruit[] = {
        {"apple", "red", 0.5, 10},     {"banana", "yellow", 0.25, 30}, {"cherry", "red", 4.0, 2},
        {"lemon", "yellow", 0.75, 7},  {"lime", "green", 0.6, 12},     {"grape", "green", 2.5, 5},
        {"plum", "purple", 1.2, 9},    {"kiwi", NULL, 0.9, 0},
    };
    if (sqlite3_open(":memory:", &db) != SQLITE_OK) fail("open");
    if (sqlite3_exec(db,
                     "CREATE TABLE fruit(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, "
                     "color TEXT, price REAL, qty INTEGER);"
                     "CREATE INDEX fruit_color ON fruit(color);",
                     NULL, NULL, NULL) != SQLITE_OK)
        fail("create");
    sqlite3_stmt *insert;
    if (sqlite3_prepare_v2(db, "INSERT INTO fruit(name, color, price, qty) VALUES (?1, ?2, ?3, ?4)",
                           -1, &insert, NULL) != SQLITE_OK)
        fail("prepare");
    for (size_t i = 0; i < sizeof fruit / sizeof fruit[0]; i++) {
        sqlite3_bind_text(insert, 1, fruit[i].name, -1, SQLITE_STATIC);
        if (fruit[i].color)
            sqlite3_bind_text(insert, 2, fruit[i].color, -1, SQLITE_STATIC);
        else
            sqlite3_bind_null(insert, 2);
        sqlite3_bind_double(insert, 3, fruit[i].price);
        sqlite3_bind_int(insert, 4, fruit[i].qty);
        if (sqlite3_step(insert) != SQLITE_DONE) fail("insert");
        sqlite3_reset(insert);
    }
    sqlite3_finalize(insert);

    query("ORDER BY", "SELECT name, price * qty AS total FROM fruit WHERE qty > 5 "
                      "ORDER BY total DESC, name");
    query("GROUP BY", "SELECT color, COUNT(*), SUM(qty), printf('%.3f', AVG(price)) FROM fruit "
                      "GROUP BY color ORDER BY color");
    query("aggregates", "SELECT COUNT(*), MIN(price), MAX(price), TOTAL(qty), "
                        "group_concat(name, ',') FROM (SELECT * FROM fruit ORDER BY length(name), name)");
    query("recursive CTE", "WITH RECURSIVE fib(a, b, n) AS (SELECT 0, 1, 1 UNION ALL "
                           "SELECT b, a + b, n + 1 FROM fib WHERE n < 15) "
                           "SELECT group_concat(a, ' ') FROM fib");
    query("window", "SELECT name, rank() OVER (PARTITION BY color ORDER BY price DESC) FROM fruit "
                    "WHERE color IS NOT NULL ORDER BY color, 2, name");
    query("json", "SELECT json_object('n', COUNT(*), 'names', json_group_array(name)) "
                  "FROM (SELECT name FROM fruit WHERE price < 1 ORDER BY name)");
    if (sqlite3_exec(db,
                     "CREATE VIRTUAL TABLE notes USING fts5(body);"
                     "INSERT INTO notes VALUES ('the quick brown fox'), ('lazy dogs sleep'), "
                     "('a quick brown dog jumps');",
                     NULL, NULL, NULL) != SQLITE_OK)
        fail("fts5");
    query("fts5", "SELECT rowid, body FROM notes WHERE notes MATCH 'quick AND brown' ORDER BY rowid");
    query("update and delete",
          "UPDATE fruit SET qty = qty + 1 WHERE color = 'red'; DELETE FROM fruit WHERE qty = 0; "
          "SELECT COUNT(*), SUM(qty) FROM fruit");
    if (sqlite3_close(db) != SQLITE_OK) fail("close");
    return 0;
}
