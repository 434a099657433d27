# For tools that build engines with make, such as OpenBench (docs/OPENBENCH.md), which runs
# `make -j EXE=NAME [CC=COMPILER]` in the source tree: builds Kaki with CMake (Release, in
# build-make/) and copies it to $(EXE).  Plain `make` also copies kaki-match to ./fastchess,
# which is how an OpenBench client builds its game runner from the repository its server names
# as fastchess_repo_url.  CMake is the build system; this file only drives it.
EXE ?= kaki
BUILD ?= build-make
CMAKE ?= cmake
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

ifeq ($(origin EXE),command line)
all: engine
else
all: engine fastchess
endif

configure:
	$(CMAKE) -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=$(CC) \
	    -DKAKI_SUBSYSTEM_TESTS=OFF

engine: configure
	$(CMAKE) --build $(BUILD) --target kaki --parallel $(JOBS)
	cp $(BUILD)/kaki $(EXE)

# after engine: two builds must not run in one build directory at once (make -j)
fastchess: configure engine
	$(CMAKE) --build $(BUILD) --target kaki-match --parallel $(JOBS)
	cp $(BUILD)/match/kaki-match fastchess

clean:
	rm -rf $(BUILD)
	rm -f fastchess $(EXE)

.PHONY: all configure engine fastchess clean
